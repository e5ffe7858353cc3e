import { api } from '../../../lib/api'

export async function deleteFinancialAccount(id: string): Promise<void> {
  await api.delete(`/api/financial-accounts/${encodeURIComponent(id)}`)
}
