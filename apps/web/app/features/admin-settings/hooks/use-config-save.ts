import { shopConfigPatchBody } from '@shop/domain/schemas/shop'
import { useState } from 'react'
import { useToast } from '../../../components/ui/toast'
import { hasErrors, serverFieldErrors, validate } from '../../../lib/form-errors'
import { type ShopConfigPatch, updateShopConfig } from '../../../api/shop-configs/update-shop-config'
import type { ShopConfig } from '../types'
import { useFieldErrors } from './use-field-errors'
import { api } from '../../../lib/api'

type Options = {
  shopId: string
  /** The body fields this form edits, so the API's messages for them land at the fields. */
  fields: readonly string[]
  success: string
  onSaved: (config: ShopConfig) => void
}

/** Saving one settings form: the shared schema first, then PATCH, the API's messages, and a toast. */
export function useConfigSave({ shopId, fields, success, onSaved }: Options) {
  const toast = useToast()
  const { errors, setErrors, clear } = useFieldErrors()
  const [saving, setSaving] = useState(false)

  async function save(body: ShopConfigPatch): Promise<ShopConfig | null> {
    const found = validate(shopConfigPatchBody, body)
    setErrors(found)
    if (hasErrors(found)) return null
    setSaving(true)
    try {
      const updated = await updateShopConfig(api, shopId, body)
      onSaved(updated)
      toast(success)
      return updated
    } catch (error) {
      setErrors(serverFieldErrors(error, fields))
      return null
    } finally {
      setSaving(false)
    }
  }

  return { errors, setErrors, clear, saving, save }
}
