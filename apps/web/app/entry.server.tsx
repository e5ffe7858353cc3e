/**
 * Server rendering (React Router's default for Node, plus the content security policy nonce): the API
 * process passes each answer's nonce in the load context, and every inline script React and React Router
 * emit carries it, so the policy allows them and nothing else inline.
 */
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, ServerRouter, isRouteErrorResponse } from 'react-router'
import appStyles from './app.css?inline'
import { NonceContext } from './lib/csp-nonce'
import { InlineStylesContext } from './lib/inline-styles'
import { PageStartContext } from './lib/page-start'
import { buildPageStart } from './lib/page-start.server'
import { scriptsAfterLoad } from './lib/scripts-after-load.server'

export const streamTimeout = 5_000

/**
 * A loader's or an action's failure, logged through the request's log so the line carries its request id
 * (React Router's own logs to the console); nothing when the visitor went away first.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error
  ;(context as AppLoadContext).log.error({ err: cause }, 'a page failed on the server')
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.nonce

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')

    // Bots and SPA mode wait for all content, so they get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    // Abort after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesContext.Provider value={appStyles}>
          <PageStartContext.Provider value={buildPageStart}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </PageStartContext.Provider>
        </InlineStylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          const stream = createReadableStreamFromReadable(body.pipe(scriptsAfterLoad()))
          responseHeaders.set('Content-Type', 'text/html')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors while rendering the shell reject above and are logged by React Router (handleError).
          if (shellRendered) loadContext.log.error({ err: error }, 'rendering a page failed')
        },
      },
    )
  })
}
