/**
 * The reset page at `{PLATFORM_URL}/reset-password` (docs/decisions/0033-password-reset.md), server-written
 * HTML like /login and without JavaScript: without a token it asks for the e-mail address; with the
 * e-mailed token it asks for the new password. Once it is set, the person is signed in on the site they
 * asked from: the page leaves a login code for that site in a short-lived cookie only /login reads, and
 * sends the browser to that site's /session/start, which starts a login of its own (its own state, as
 * every login must have); /login finds the code and hands it back with that state.
 */
import formbody from '@fastify/formbody'
import { accountRules } from '@shop/domain'
import { RESET_TOKEN_PATTERN } from '@shop/domain/schemas/password-reset'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../../lib/errors'
import { html, type SafeHtml } from '../../lib/html'
import { toHttpError } from '../../plugins/errors'
import { allowFormTarget, cspNonce } from '../../plugins/security-headers'
import { isAllowedOrigin } from '../shops/shop-host'
import { LOGIN_CODE_TTL_MS, issueLoginCode } from './auth.service'
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset.service'

type ResetForm = { intent?: string; email?: string; redir?: string; token?: string; password?: string }

const SIGN_IN_COOKIE = 'reset_sign_in'
const tokenPattern = new RegExp(RESET_TOKEN_PATTERN)
const field = (value: unknown) => (typeof value === 'string' ? value : '')

function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return null
}

function signInCookie(platformUrl: string, value: string, maxAgeS: number): string {
  const secure = platformUrl.startsWith('https:') ? '; Secure' : ''
  return `${SIGN_IN_COOKIE}=${value}; Path=/login; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`
}

/**
 * For /login: when this browser has just reset its password to sign in at `redir`, the address to send it
 * to (`{redir}/?code=…&state=…`, with the login's own state), and the cookie is spent; otherwise null.
 */
export function takeResetSignIn(request: FastifyRequest, reply: FastifyReply, redir: string, state: string | undefined): string | null {
  const cookie = cookieOf(request, SIGN_IN_COOKIE)
  if (!cookie || !state) return null
  const [target, code] = cookie.split('.')
  if (!target || !code || Buffer.from(target, 'base64url').toString() !== redir) return null
  reply.header('set-cookie', signInCookie(request.server.config.platformUrl, '', 0))
  return `${redir}/?${new URLSearchParams({ code, state, c: '1' })}`
}

function renderPage(providerName: string, title: string, nonce: string, content: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} | ${providerName}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2129}
  main{max-width:400px;margin:8vh auto;padding:0 16px}
  h1{font-size:1.4rem;margin:0 0 16px}
  section{background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  label{display:block;font-weight:600;margin:16px 0 4px}
  input{width:100%;padding:10px 12px;border:1px solid #b8bcc4;border-radius:8px;font:inherit}
  input:focus{outline:3px solid #9ec5ff;border-color:#1a64d6}
  button{margin-top:20px;width:100%;min-height:44px;padding:12px;border:0;border-radius:8px;background:#1a64d6;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  button:focus-visible{outline:3px solid #9ec5ff}
  .error{background:#fdecea;color:#8a1c12;padding:10px 12px;border-radius:8px;margin:0 0 8px}
  .done{background:#e8f5e9;color:#1b5e20;padding:10px 12px;border-radius:8px}
  .back{margin:16px 0 0;text-align:center}
  a{color:#1a64d6;display:inline-block;min-height:44px;padding:10px 0}
</style>
</head>
<body>
<main>
  <section aria-labelledby="reset-title">
    ${content}
  </section>
</main>
</body>
</html>`.markup
}

export default async function resetPasswordPage(app: FastifyInstance) {
  await app.register(formbody, { bodyLimit: 10 * 1024 })
  const { providerName, platformUrl } = app.config

  function send(reply: FastifyReply, status: number, title: string, content: SafeHtml) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage(providerName, title, cspNonce(reply), content))
  }

  const backToLogin = (redir: string) =>
    html`<p class="back"><a href="${redir ? `/login?${new URLSearchParams({ redir })}` : '/'}">Back to log in</a></p>`

  function askForEmail(reply: FastifyReply, status: number, page: { redir: string; email?: string; error?: string }) {
    return send(
      reply,
      status,
      'Forgot password',
      html`<h1 id="reset-title">Forgot your password?</h1>
    <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
    ${page.error ? html`<p class="error" role="alert">${page.error}</p>` : ''}
    <form method="post" action="/reset-password">
      <input type="hidden" name="intent" value="request">
      ${page.redir ? html`<input type="hidden" name="redir" value="${page.redir}">` : ''}
      <label for="reset-email">Email</label>
      <input id="reset-email" name="email" type="email" autocomplete="email" required maxlength="${accountRules.emailMaxLength}" value="${page.email ?? ''}">
      <button type="submit">Send the link</button>
    </form>
    ${backToLogin(page.redir)}`,
    )
  }

  function askForPassword(reply: FastifyReply, status: number, page: { token: string; email: string; redir: string; error?: string }) {
    // Once the password is set, the answer redirects to the site the reset was asked from.
    allowFormTarget(reply, page.redir)
    return send(
      reply,
      status,
      'Choose a new password',
      html`<h1 id="reset-title">Choose a new password</h1>
    <p>For <strong>${page.email}</strong>. You will be logged in here, and logged out everywhere else.</p>
    ${page.error ? html`<p class="error" role="alert">${page.error}</p>` : ''}
    <form method="post" action="/reset-password">
      <input type="hidden" name="intent" value="reset">
      <input type="hidden" name="token" value="${page.token}">
      <input type="hidden" name="email" value="${page.email}" autocomplete="username">
      <label for="reset-password">New password <small>(at least ${accountRules.passwordMinLength} characters)</small></label>
      <input id="reset-password" name="password" type="password" autocomplete="new-password" required minlength="${accountRules.passwordMinLength}" maxlength="${accountRules.passwordMaxLength}">
      <button type="submit">Save and log in</button>
    </form>`,
    )
  }

  function invalidLink(reply: FastifyReply, message: string) {
    return send(
      reply,
      404,
      'Link not valid',
      html`<h1 id="reset-title">This link does not work</h1>
    <p class="error" role="alert">${message}</p>
    <p class="back"><a href="/reset-password">Ask for a new link</a></p>`,
    )
  }

  /** A `redir` the pages may carry: a site of the platform, else none. */
  const knownRedir = async (value: unknown) => ((await isAllowedOrigin(app, field(value))) ? field(value) : '')

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const httpError = error instanceof HttpError ? error : toHttpError(error)
    if (httpError.code >= 500) request.log.error({ err: error }, 'reset page failed')
    const message = httpError.code >= 500 ? 'Something went wrong. Please try again.' : httpError.message
    const form = (request.body ?? {}) as ResetForm
    return askForEmail(reply, httpError.code, { redir: await knownRedir(form.redir), email: field(form.email), error: message })
  })

  app.get<{ Querystring: { token?: string; redir?: string } }>('/reset-password', { schema: { hide: true } }, async (request, reply) => {
    const token = field(request.query.token)
    if (!token) return askForEmail(reply, 200, { redir: await knownRedir(request.query.redir) })
    if (!tokenPattern.test(token)) return invalidLink(reply, 'This link is not complete. Copy the whole link from the e-mail, or ask for a new one.')
    try {
      const { email, redir } = await checkResetToken(request.ctx, token)
      return askForPassword(reply, 200, { token, email, redir })
    } catch (error) {
      if (error instanceof HttpError && error.code === 404) return invalidLink(reply, error.message)
      throw error
    }
  })

  // No body at all (an empty POST) leaves it undefined.
  app.post<{ Body: ResetForm | undefined }>('/reset-password', { schema: { hide: true } }, async (request, reply) => {
    const form: ResetForm = request.body ?? {}
    if (form.intent !== 'reset') {
      const redir = await knownRedir(form.redir)
      const email = field(form.email).trim()
      if (!email) return askForEmail(reply, 400, { redir, error: 'Enter the e-mail address of your account.' })
      const { message } = await requestPasswordReset(request.ctx, { email, redir: redir || undefined })
      return send(
        reply,
        202,
        'Check your e-mail',
        html`<h1 id="reset-title">Check your e-mail</h1>
    <p class="done" role="status">${message}</p>
    <p>Nothing after a few minutes? Look in your spam folder, or ask again.</p>
    ${backToLogin(redir)}`,
      )
    }
    const token = field(form.token)
    if (!tokenPattern.test(token)) return invalidLink(reply, 'This link is not complete. Ask for a new one.')
    let account: Awaited<ReturnType<typeof checkResetToken>>
    try {
      account = await checkResetToken(request.ctx, token)
    } catch (error) {
      if (error instanceof HttpError && error.code === 404) return invalidLink(reply, error.message)
      throw error
    }
    try {
      const { userId, redir } = await resetPassword(request.ctx, { token, password: field(form.password) })
      const code = await issueLoginCode(request.ctx, userId, redir)
      allowFormTarget(reply, redir)
      const cookie = `${Buffer.from(redir).toString('base64url')}.${code}`
      return reply
        .header('set-cookie', signInCookie(platformUrl, cookie, LOGIN_CODE_TTL_MS / 1000))
        .redirect(`${redir}/session/start?${new URLSearchParams({ next: '/' })}`, 303)
    } catch (error) {
      if (error instanceof HttpError && error.code === 404) return invalidLink(reply, error.message)
      if (error instanceof HttpError && error.code === 400) return askForPassword(reply, 400, { token, ...account, error: error.message })
      throw error
    }
  })
}
