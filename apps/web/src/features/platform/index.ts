export { REGISTER_PATH } from './paths.ts';
