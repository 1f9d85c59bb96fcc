export { ChangePasswordForm } from './ChangePasswordForm.tsx';
export { Login } from './Login.tsx';
