export { ReadingImports, readHistoryRows, readHistoryTable } from './import.ts';
export { readingRoutes } from './routes.ts';
