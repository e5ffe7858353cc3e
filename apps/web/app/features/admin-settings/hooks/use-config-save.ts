import { shopConfigPatchBody, type ShopConfig } from '@shop/domain/schemas/shop'
import { useFetcher } from 'react-router'
import { useToast } from '../../../components/ui/toast'
import { hasErrors, validate } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import type { ShopConfigPatch } from '../shop-config-forms'
import { useFieldErrors } from './use-field-errors'

type Options = {
  success: string
  /** The settings as the API saved them (the form shows what was kept). */
  onSaved: (config: ShopConfig) => void
}

/**
 * Saving one settings form: the shared schema first, then the page's `update-config` intent with the
 * form's part of the settings (the action parses it with the same schema and sends the PATCH; the API's
 * messages about the fields sent land at those fields), and a toast. The page's settings reload after it.
 */
export function useConfigSave({ success, onSaved }: Options) {
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
    void fetcher.submit({ intent: 'update-config', ...body }, jsonSubmit)
  }

  return { errors, setErrors, clear, saving: fetcher.state !== 'idle', save }
}
