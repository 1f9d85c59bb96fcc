/** The route of the meter history page (menu catalogue component 'report/history/index'). */
export const HISTORY_PATH = '/report/history';
