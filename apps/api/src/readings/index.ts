export { ReadingImports, readHistoryTable } from './import.ts';
export { readingRoutes } from './routes.ts';
