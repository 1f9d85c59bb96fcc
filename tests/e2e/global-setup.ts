// vitest's global setup of the browser tests (vitest.e2e.config.ts).
import { seedDataDirForTheRun } from './support.ts';

export default seedDataDirForTheRun;
