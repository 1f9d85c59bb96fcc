export * from './db/open.ts';
export { DataDirectoryInUseError, pgliteDatabase } from './db/pglite.ts';
export {
  arrayLiteral,
  type ColumnType,
  column,
  csvLines,
  type Database,
  type Engine,
  isUniqueViolation,
  type Sql,
  settleUnlessUniqueViolation,
  unlessUniqueViolation,
} from './db/types.ts';
export { DatabaseTooNewError, migrateEventStore, SCHEMA_VERSION, splitStatements } from './migrations.ts';
export { EVENTS_CHANNEL, readAllFrom, SqlEventStore } from './sql-store.ts';
export { pollingSubscription } from './subscription.ts';
export * from './types.ts';
export { validateEvent } from './validate.ts';
