export { accountFollowsReplacement } from './account-follows-replacement.ts';
export { importCustomers, takenMeanwhile, templateColumns } from './import.ts';
export {
  type AccountToOpen,
  nextAccountNos,
  type OpeningClash,
  OpeningConflict,
  openAccounts,
  openingClashes,
} from './open-account.ts';
export { customerRoutes } from './routes.ts';
