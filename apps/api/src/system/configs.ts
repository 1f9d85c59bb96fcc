import { DomainError } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { getConfig } from '@hydrolog/projections';

export async function configOf(db: Database, configId: string) {
  const found = await getConfig(db, { configId });
  if (!found) throw new DomainError('error.config.notFound');
  return found;
}

export async function configValue(db: Database, configKey: string) {
  const found = await getConfig(db, { configKey });
  if (!found) throw new DomainError('error.config.notFound');
  return found.configValue;
}
