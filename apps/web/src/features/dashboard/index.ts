export { Home } from './Home.tsx';
