/** A short list of dial codes; +86 first, as the product's home market. */
export const AREA_CODES = [
  '+86',
  '+1',
  '+33',
  '+44',
  '+49',
  '+62',
  '+63',
  '+66',
  '+84',
  '+91',
  '+234',
  '+254',
  '+255',
  '+27',
];
