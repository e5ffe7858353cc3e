/**
 * The development mailbox's pages (registered only when no SMTP_URL is set and DEV_MAILBOX does not turn
 * them off): `/dev/mailbox` lists what was "sent", `/dev/mailbox/{id}` shows one message's headers and its
 * text part, and `/dev/mailbox/{id}/html` shows its HTML part as a mail client would, under a policy that
 * lets its inline styles and images in and nothing that runs.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { NotFound } from '../../lib/errors'
import { formatDateTime } from '@shop/domain'
import { html, type SafeHtml } from '../../lib/html'
import { fromThisMachine } from '../../lib/this-machine'
import { cspNonce } from '../../plugins/security-headers'
import { listMailbox, readMailboxMessage } from './mailbox.service'

const IdParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const

/** The e-mail's own HTML: inline styles and images from anywhere, no scripts, forms or frames. */
const MESSAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

function page(reply: FastifyReply, title: string, body: SafeHtml) {
  const nonce = cspNonce(reply)
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | Development mailbox</title>
<style nonce="${nonce}">
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2129}
  main{max-width:900px;margin:0 auto;padding:16px}
  h1{font-size:1.4rem;margin:8px 0}
  .note{color:#555;margin:0 0 16px}
  ol{list-style:none;margin:0;padding:0}
  li a{display:block;min-height:44px;padding:12px;margin:0 0 8px;background:#fff;border-radius:8px;color:inherit;text-decoration:none;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  li a:focus-visible{outline:3px solid #9ec5ff}
  .subject{font-weight:600;display:block;overflow-wrap:anywhere}
  .meta{color:#555;font-size:.9rem;overflow-wrap:anywhere}
  dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;background:#fff;padding:12px;border-radius:8px;margin:0 0 16px}
  dt{font-weight:600} dd{margin:0;overflow-wrap:anywhere}
  pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;padding:12px;border-radius:8px;font:15px/1.5 ui-monospace,monospace}
  .actions a{display:inline-block;min-height:44px;padding:10px 0;margin-right:16px;color:#1a64d6}
</style>
</head>
<body><main>${body}</main></body>
</html>`.markup,
    )
}

export default async function devMailboxRoutes(app: FastifyInstance) {
  if (app.config.devMailbox === 'local') {
    app.addHook('onRequest', async (request) => {
      if (!fromThisMachine(request.socket.remoteAddress, request.headers)) throw NotFound('Nothing here')
    })
  }

  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    const messages = await listMailbox(request.ctx)
    const items = messages.map(
      (m) => html`<li><a href="/dev/mailbox/${m.id}"><span class="subject">${m.subject}</span><span class="meta">To ${m.to} · from ${m.from} · ${formatDateTime(m.createdAt)}</span></a></li>`,
    )
    return page(
      reply,
      'Inbox',
      html`<h1>Development mailbox</h1>
<p class="note">No SMTP_URL is set, so e-mail is kept here instead of being sent. Newest first.</p>
${messages.length ? html`<ol aria-label="Messages">${items}</ol>` : html`<p>No messages yet.</p>`}`,
    )
  })

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    const m = await readMailboxMessage(request.ctx, request.params.id)
    return page(
      reply,
      m.subject,
      html`<p class="actions"><a href="/dev/mailbox">← All messages</a><a href="/dev/mailbox/${m.id}/html">View as HTML</a></p>
<h1>${m.subject}</h1>
<dl>
  <dt>From</dt><dd>${m.from}</dd>
  <dt>To</dt><dd>${m.to}</dd>
  ${m.replyTo ? html`<dt>Reply-To</dt><dd>${m.replyTo}</dd>` : ''}
  <dt>Date</dt><dd>${formatDateTime(m.createdAt)}</dd>
</dl>
<h2>Text</h2>
<pre>${m.text}</pre>`,
    )
  })

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id/html', { schema: { hide: true, params: IdParams } }, async (request, reply) => {
    const m = await readMailboxMessage(request.ctx, request.params.id)
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', MESSAGE_POLICY).send(m.html)
  })
}
