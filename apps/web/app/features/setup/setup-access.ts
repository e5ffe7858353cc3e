/**
 * Who may write a step of the wizard once the shop exists: the same people the step shows its form to
 * (components/setup-shop-gate.tsx), those who may manage the shop's settings. The API checks every call
 * by itself; this keeps a step's action from sending what its page would not offer
 * (docs/decisions/0115-forms-send-the-api-body.md).
 */
import { can } from '@shop/domain'
import { getRole } from '../../api/staff/get-role'
import { api } from '../../lib/api'
import { requireUser } from '../../lib/auth/guard'

/** For a step's clientAction: the user may set up this shop, else the 404 the API gives for another's shop. */
export async function requireSetupRole(request: Request, shopId: string): Promise<void> {
  await requireUser(request)
  const role = await getRole(api, shopId).catch(() => null)
  if (!can(role, 'settings.manage')) throw new Response('This is not one of your shops', { status: 404 })
}
