// The span of the official Umm al-Qura month table the calc service reads
// (apps/calc/src/calendar/umm-al-qura-table.ts), written once for the document.
export const UMM_AL_QURA_FIRST_YEAR = 1356;
export const UMM_AL_QURA_LAST_YEAR = 1500;
export const UMM_AL_QURA_FIRST_DAY = '1937-03-14';
export const UMM_AL_QURA_LAST_DAY = '2077-11-16';

/** "1356-1500 AH" */
export const UMM_AL_QURA_YEARS = `${UMM_AL_QURA_FIRST_YEAR}-${UMM_AL_QURA_LAST_YEAR} AH`;
/** "1937-03-14 to 2077-11-16" */
export const UMM_AL_QURA_DAYS = `${UMM_AL_QURA_FIRST_DAY} to ${UMM_AL_QURA_LAST_DAY}`;
/** "1356-1500 AH (1937-03-14 to 2077-11-16)" */
export const UMM_AL_QURA_SPAN = `${UMM_AL_QURA_YEARS} (${UMM_AL_QURA_DAYS})`;
