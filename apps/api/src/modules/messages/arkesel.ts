/**
 * Arkesel's SMS API v2 (https://developers.arkesel.com): `POST {base}/api/v2/sms/send` with the `api-key`
 * header and `{sender, message, recipients}`; recipients are written as digits with the country code and
 * no plus (`233244123456`), as Arkesel's examples do. It answers `{status: "success", data: [{recipient, id}]}`,
 * or an error status with `{status: "error", message}`.
 */
import { SmsError, type SmsProvider } from './sms-provider'

const TIMEOUT_MS = 15_000

export function arkeselProvider(options: { apiKey: string; senderId: string; baseUrl: string }): SmsProvider {
  return {
    name: 'arkesel',
    async send(to, message) {
      if (!/^\+\d{8,15}$/.test(to)) throw new SmsError(`not a phone number in international form: ${to}`)
      let response: Response
      try {
        response = await fetch(`${options.baseUrl}/api/v2/sms/send`, {
          method: 'POST',
          headers: { 'api-key': options.apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ sender: options.senderId, message, recipients: [to.slice(1)] }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        throw new SmsError(`Arkesel could not be reached: ${(error as Error).message}`)
      }
      const body = (await response.json().catch(() => null)) as { status?: string; message?: string; data?: { id?: string }[] } | null
      if (!response.ok || body?.status !== 'success') {
        throw new SmsError(`Arkesel refused the message (HTTP ${response.status}): ${body?.message ?? 'no explanation'}`)
      }
      return { id: body.data?.[0]?.id ?? null }
    },
  }
}
