import { shopConfigPatchBody, type ShopConfig } from '@shop/domain/schemas/shop'
import { useFetcher } from 'react-router'
import type { ShopConfigPatch } from '../../../api/shop-configs/update-shop-config'
import { useToast } from '../../../components/ui/toast'
import { hasErrors, validate } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { useFieldErrors } from './use-field-errors'

type Options = {
  /** The body fields this form edits, so the API's messages for them land at the fields. */
  fields: readonly string[]
  success: string
  /** The settings as the API saved them (the form shows what was kept). */
  onSaved: (config: ShopConfig) => void
}

/**
 * Saving one settings form: the shared schema first, then the page's `update-config` intent (which checks
 * it again and sends the PATCH), the API's messages at the fields, and a toast. The page's settings
 * reload after it.
 */
export function useConfigSave({ fields, success, onSaved }: Options) {
  const toast = useToast()
  const { errors, setErrors, clear } = useFieldErrors()
  const fetcher = useFetcher<ActionAnswer<'update-config', ShopConfig>>()
  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return setErrors(answer.errors)
    onSaved(answer.data)
    toast(success)
  })

  function save(body: ShopConfigPatch): void {
    const found = validate(shopConfigPatchBody, body)
    setErrors(found)
    if (hasErrors(found)) return
    void fetcher.submit({ intent: 'update-config', body, fields: [...fields] }, jsonSubmit)
  }

  return { errors, setErrors, clear, saving: fetcher.state !== 'idle', save }
}
