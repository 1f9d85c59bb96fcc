/** Manual meter reading and walk-by reading plans, in English. */
export const readingPlans = {
  manualReading: {
    title: 'Manual reading',
    new: 'Enter a reading',
    meterNo: 'Meter number',
    total: 'Counter (m³)',
    readAt: 'Read at',
    readAtHint: 'Leave empty for now',
    reset: 'The counter started again (a new or reset meter)',
    photo: 'Photo of the dial',
    addPhoto: 'Add a photo (png or jpg, 5 MB at most)',
    remark: 'Remark',
    save: 'Save the reading',
    saved: 'Reading saved',
    createBy: 'Entered by',
    createTime: 'Entered',
    empty: 'No manual reading yet',
    total_one: '{{count}} reading',
    total_other: '{{count}} readings',
    yes: 'Yes',
  },
  validation: {
    manualReading: {
      total: 'The counter is a number from 0 to 99,999,999.999 m³',
      remark: 'At most 100 characters',
    },
  },
  error: {
    manualReading: {
      meterUnknown: 'The meter does not exist',
      future: 'A reading cannot be later than now',
      duplicate: 'The meter already has a reading at this time',
      belowLast:
        'The counter is below the last reading ({{last}} m³ at {{time}}); mark it as a reset if the counter started again',
      aboveNext: 'The counter is above a later reading ({{next}} m³ at {{time}})',
    },
  },
};
