// The service alone: no demo data, no simulated meters (`npm start` runs apps/demo, which adds them).
import { loadConfig } from './config.ts';
import { serve } from './serve.ts';

await serve(loadConfig());
