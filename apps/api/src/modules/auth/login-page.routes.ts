/**
 * The platform's login page (docs/architecture.md §5): one small server-rendered HTML page for every shop, with
 * "Sign in" and "Create account". Signing in sends the browser back to `{redir}/?code={one-time code}&state={state}&c=1`,
 * with the state the site sent, so the site can tell a login it started from one it did not. Creating an
 * account answers "Check your e-mail" whether or not the address has one (docs/decisions/0054): the
 * e-mailed link chooses the password and signs the person in.
 * No JavaScript; the two forms switch with a CSS :target. The forms are `novalidate`: the server checks
 * them (loginProblems) and answers the page again with each problem beside its field and the first
 * such field focused (`autofocus`), in the storefront's colours and type (apps/web/app/app.css).
 */
import formbody from '@fastify/formbody'
import { type LoginField, type LoginProblems, accountRules, isValidEmail, loginProblems, normalizeEmail } from '@shop/domain'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { HttpError } from '../../lib/errors'
import { type SafeHtml, html } from '../../lib/html'
import { toHttpError } from '../../plugins/errors'
import { allowFormTarget, cspNonce } from '../../plugins/security-headers'
import { isAllowedOrigin, resolveHost } from '../shops/shop-host'
import { logInFromPage, signUp } from './auth.service'
import { STATE_PATTERN } from './auth.schemas'
import { limitLoginCalls } from './login-limits'
import { takeResetSignIn } from './reset-password-page.routes'

type LoginForm = { intent?: string; email?: string; password?: string; name?: string; redir?: string; state?: string }
type PageState = {
  redir: string
  /** The site's login state, handed back with the code; absent when none or a malformed one was given. */
  state?: string
  siteName: string
  mode: 'signin' | 'signup'
  email?: string
  name?: string
  /** A problem with the whole form (wrong email or password, too many tries). */
  error?: string
  /** Problems of single fields, shown beside them. */
  problems?: LoginProblems
  /** After sign-up: the address the e-mail went to, shown instead of the forms. */
  sentTo?: string
}

const statePattern = new RegExp(STATE_PATTERN)
const stateOf = (value: unknown) => (typeof value === 'string' && statePattern.test(value) ? value : undefined)

function renderPage(providerName: string, state: PageState, nonce: string): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in | ${providerName}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">
  :root{--ink:#1c1f24;--muted:#5b6470;--line:#dde1e6;--line-strong:#8a929c;--surface:#fff;--canvas:#f6f7f9;--brand:#1f4e79;--brand-ink:#fff;--danger:#a4262c;--radius:8px;--focus:0 0 0 3px rgba(31,78,121,.35)}
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--canvas);color:var(--ink)}
  main{max-width:26rem;margin:6vh auto;padding:0 1rem}
  h1{font-size:1.5rem;margin:0 0 .25rem} h2{font-size:1.2rem;margin:0 0 .5rem} .site{margin:0 0 1.5rem;color:var(--muted)}
  section{background:var(--surface);border:1px solid var(--line);border-radius:var(--radius);padding:1.25rem}
  label{display:block;font-weight:600;margin:1rem 0 .3rem} label small{font-weight:400;color:var(--muted)}
  input{width:100%;min-height:2.75rem;padding:.55rem .75rem;border:1px solid var(--line-strong);border-radius:var(--radius);font:inherit;color:inherit;background:var(--surface)}
  input[aria-invalid=true]{border-color:var(--danger)}
  :focus-visible{outline:none;box-shadow:var(--focus)} input:focus{outline:none;border-color:var(--brand);box-shadow:var(--focus)}
  button{margin-top:1.25rem;width:100%;min-height:2.75rem;padding:.6rem 1rem;border:1px solid var(--brand);border-radius:var(--radius);background:var(--brand);color:var(--brand-ink);font:inherit;font-weight:600;cursor:pointer}
  .error{background:#fdecea;color:var(--danger);border:1px solid #f4c7c3;padding:.6rem .9rem;border-radius:var(--radius);margin:0 0 .5rem}
  .field-error{margin:.3rem 0 0;color:var(--danger);font-size:.9rem}
  .switch{margin:1rem 0 0;text-align:center}
  .hint{margin:.75rem 0 0;color:var(--muted);font-size:.9rem}
  .done{background:#e8f5e9;color:#1b5e20;padding:.6rem .9rem;border-radius:var(--radius)}
  a{color:var(--brand)}
  #signup{display:${state.mode === 'signup' ? 'block' : 'none'}} #signin{display:${state.mode === 'signup' ? 'none' : 'block'}}
  #signup:target{display:block} #signup:target ~ #signin{display:none}
</style>
</head>
<body>
<main>
  <h1>${providerName}</h1>
  <p class="site">Log in to continue to <strong>${state.siteName}</strong></p>
  ${state.sentTo === undefined ? forms(state) : sent(state, state.sentTo)}
</main>
</body>
</html>`.markup
}

/** "Create account" and "Log in", each with its problems beside its fields. */
function forms(state: PageState): SafeHtml {
  const error = (mode: PageState['mode']) =>
    state.error && state.mode === mode ? html`<p class="error" role="alert">${state.error}</p>` : ''
  const hidden = html`<input type="hidden" name="redir" value="${state.redir}">${
    state.state ? html`<input type="hidden" name="state" value="${state.state}">` : ''
  }`
  const problems = state.problems ?? {}
  const firstProblem = (['email', 'password'] as const).find((field) => problems[field])
  /** A field's problem, tied to it with aria-describedby, and autofocus on the first one. */
  const check = (mode: PageState['mode'], field: LoginField) => {
    const message = state.mode === mode ? problems[field] : undefined
    const id = `${mode}-${field}-error`
    return {
      attributes: message
        ? html` aria-invalid="true" aria-describedby="${id}"${firstProblem === field ? html` autofocus` : ''}`
        : '',
      message: message ? html`<p class="field-error" id="${id}">${message}</p>` : '',
    }
  }
  const value = (mode: PageState['mode'], text: string | undefined) => (state.mode === mode ? (text ?? '') : '')
  const signupEmail = check('signup', 'email')
  const signinEmail = check('signin', 'email')
  const signinPassword = check('signin', 'password')
  return html`<section id="signup" aria-labelledby="signup-title">
    <h2 id="signup-title">Create account</h2>
    ${error('signup')}
    <form method="post" action="/login" novalidate>
      <input type="hidden" name="intent" value="signup">${hidden}
      <label for="signup-name">Name</label>
      <input id="signup-name" name="name" autocomplete="name" maxlength="${accountRules.nameMaxLength}" value="${value('signup', state.name)}">
      <label for="signup-email">Email</label>
      <input id="signup-email" name="email" type="email" autocomplete="email" required maxlength="${accountRules.emailMaxLength}" value="${value('signup', state.email)}"${signupEmail.attributes}>
      ${signupEmail.message}
      <p class="hint">We will e-mail you a link to choose your password.</p>
      <button type="submit">Create account</button>
    </form>
    <p class="switch">Already have an account? <a href="#signin">Log in</a></p>
  </section>
  <section id="signin" aria-labelledby="signin-title">
    <h2 id="signin-title">Log in</h2>
    ${error('signin')}
    <form method="post" action="/login" novalidate>
      <input type="hidden" name="intent" value="signin">${hidden}
      <label for="signin-email">Email</label>
      <input id="signin-email" name="email" type="email" autocomplete="username" required maxlength="${accountRules.emailMaxLength}" value="${value('signin', state.email)}"${signinEmail.attributes}>
      ${signinEmail.message}
      <label for="signin-password">Password</label>
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required maxlength="${accountRules.passwordMaxLength}"${signinPassword.attributes}>
      ${signinPassword.message}
      <button type="submit">Log in</button>
    </form>
    <p class="switch"><a href="/reset-password?${new URLSearchParams({ redir: state.redir }).toString()}">Forgot password?</a></p>
    <p class="switch">New here? <a href="#signup">Create an account</a></p>
  </section>`
}

/**
 * The answer to a sign-up, word for word the same whether or not the address has an account
 * (docs/decisions/0054): only the address typed is shown back.
 */
function sent(state: PageState, email: string): SafeHtml {
  const again = `/login?${new URLSearchParams({ redir: state.redir, ...(state.state ? { state: state.state } : {}) })}`
  return html`<section id="sent" aria-labelledby="sent-title">
    <h2 id="sent-title">Check your e-mail</h2>
    <p class="done" role="status">We sent a message to <strong>${email}</strong>. Open the link in it to choose your password and finish: it works for 30 minutes.</p>
    <p>Nothing after a few minutes? Look in your spam folder. If this address already has an account, the message says how to log in.</p>
    <p class="switch"><a href="${again}">Back to log in</a></p>
  </section>`
}

/** Sign-up asks only for the address (the password is chosen through the e-mailed link), and a name. */
function signUpProblems(email: string): LoginProblems {
  if (!email) return { email: 'Enter your email address.' }
  return isValidEmail(email) ? {} : { email: 'Enter a valid email address, like name@example.com.' }
}

export default async function loginPage(app: FastifyInstance) {
  await app.register(formbody, { bodyLimit: 10 * 1024 })
  const provider = app.config.providerName

  /** The name shown on the page: the shop's title for a shop origin, else the platform's. */
  async function siteName(redir: string): Promise<string> {
    const target = await resolveHost(app, new URL(redir).host)
    return target.kind === 'shop' ? target.shop.title : provider
  }

  /** `state.redir` has been checked: the forms' redirect goes there, so the policy lets them. */
  function sendPage(reply: FastifyReply, status: number, state: PageState) {
    allowFormTarget(reply, state.redir)
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage(provider, state, cspNonce(reply)))
  }

  function sendBadRedirect(reply: FastifyReply) {
    return reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Log in | ${provider}</title></head><body><main><h1>This login link is not valid</h1><p>Go back to the shop and press "Log in" again.</p></main></body></html>`.markup,
      )
  }

  // Errors on this page (rate limits, oversized forms) are shown as a page, not as JSON.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const httpError = error instanceof HttpError ? error : toHttpError(error)
    if (httpError.code >= 500) request.log.error({ err: error }, 'login page failed')
    const form = (request.body ?? {}) as LoginForm
    const redir = typeof form.redir === 'string' ? form.redir : ''
    if (!(await isAllowedOrigin(app, redir))) return sendBadRedirect(reply.status(httpError.code))
    return sendPage(reply, httpError.code, {
      redir,
      state: stateOf(form.state),
      siteName: await siteName(redir),
      mode: form.intent === 'signup' ? 'signup' : 'signin',
      email: typeof form.email === 'string' ? form.email : '',
      error: httpError.code >= 500 ? 'Something went wrong. Please try again.' : httpError.message,
    })
  })

  app.get<{ Querystring: { redir?: string; state?: string } }>('/login', { schema: { hide: true } }, async (request, reply) => {
    const redir = typeof request.query.redir === 'string' ? request.query.redir : ''
    if (!(await isAllowedOrigin(app, redir))) return sendBadRedirect(reply)
    // Just after a password reset in this browser: signed in without typing the new password again.
    const resumed = takeResetSignIn(request, reply, redir, stateOf(request.query.state))
    if (resumed) return reply.redirect(resumed, 303)
    return sendPage(reply, 200, { redir, state: stateOf(request.query.state), siteName: await siteName(redir), mode: 'signin' })
  })

  // No body at all (an empty POST) leaves it undefined.
  app.post<{ Body: LoginForm | undefined }>(
    '/login',
    { schema: { hide: true }, preHandler: async (request) => limitLoginCalls(request.ctx) },
    async (request, reply) => {
      const form: LoginForm = request.body ?? {}
      const field = (value: unknown) => (typeof value === 'string' ? value : '')
      const redir = field(form.redir)
      if (!(await isAllowedOrigin(app, redir))) return sendBadRedirect(reply)
      const mode = form.intent === 'signup' ? 'signup' : 'signin'
      const email = normalizeEmail(field(form.email))
      const password = field(form.password)
      const name = field(form.name).trim().slice(0, accountRules.nameMaxLength)
      const state = stateOf(form.state)
      const page = { redir, state, siteName: await siteName(redir), mode, email, name } as const

      const problems = mode === 'signup' ? signUpProblems(email) : loginProblems(mode, { email, password })
      if (Object.keys(problems).length > 0) return sendPage(reply, 400, { ...page, problems })
      if (mode === 'signup') {
        await signUp(request.ctx, { email, name, redir })
        return sendPage(reply, 202, { ...page, sentTo: email })
      }
      const code = await logInFromPage(request.ctx, { email, password, redir })
      const back = new URLSearchParams({ code, ...(state ? { state } : {}), c: '1' })
      return reply.redirect(`${redir}/?${back}`, 303)
    },
  )
}
