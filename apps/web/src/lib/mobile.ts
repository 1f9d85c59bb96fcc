/** Spec section 9: under 992 px the layout is mobile (the shell, and screens worked on a phone). */
export const MOBILE_QUERY = '(max-width: 991.98px)';
