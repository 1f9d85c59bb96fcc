/** The route of the registration page, open without a session like /login. */
export const REGISTER_PATH = '/register';
