import { tenantDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { saveImageUpload } from '../uploads.ts';
import { tenantMeta, tenantOf } from './tenants.ts';

/** Saves the uploaded logo of a known tenant. */
export async function changeTenantLogo(
  { store, db }: Services,
  request: FastifyRequest,
  uploadsDir: string,
  tenantId: string,
) {
  await tenantOf(db, tenantId);
  const logoUrl = await saveImageUpload(request, uploadsDir, 'logofile', 'logo');
  await execute(
    store,
    tenantDecider,
    tenantId,
    [{ type: 'ChangeTenantLogo', logoUrl }],
    tenantMeta(request, tenantId),
  );
  return tenantOf(db, tenantId);
}
