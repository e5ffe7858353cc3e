/** "Send a test e-mail" from the shop's notification settings: proves the way out works end to end. */
import { formatDateTime } from '@shop/domain'
import type { MessageTemplate } from './template'

export type TestEmailData = { requestedBy: string; at: string }

export const testEmail: MessageTemplate<TestEmailData> = {
  email(data, site) {
    const words = `${data.requestedBy} asked for this test e-mail from ${site.name}'s notification settings at ${formatDateTime(new Date(data.at))}. If you can read it, the shop's e-mail reaches people.`
    return {
      subject: `Test e-mail from ${site.name}`,
      body: (
        <>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>It works</h1>
          <p>{words}</p>
        </>
      ),
      text: words,
    }
  },
}
