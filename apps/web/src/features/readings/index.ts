export { HISTORY_PATH } from './paths.ts';
