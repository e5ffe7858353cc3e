/**
 * `/robots.txt`, `/sitemap.xml` and `/feeds/products.xml` on every host the platform serves: the host
 * alone chooses the shop (a slug host or a verified custom domain, as pages do), and every address written
 * is absolute on the host asked. The platform's own host has robots.txt but no sitemap or feed; an
 * unknown host has nothing. A shop past one sitemap's 50,000 addresses gets a sitemap index at
 * `/sitemap.xml` naming `/sitemap-1.xml`, `/sitemap-2.xml`… (decision 97).
 */
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type HostTarget, requestHost, resolveHost } from '../shops/shop-host'
import { FEED_PATH, hasSitemapPage, productFeedXml, robotsTxt, sitemapPageXml, sitemapXml } from './seo.service'

/** Crawlers and catalogs may keep these a few minutes; a shared cache (a CDN) answers them meanwhile. */
const SITEMAP_CACHE = 'public, max-age=300, s-maxage=300, stale-while-revalidate=3600'
const ROBOTS_CACHE = 'public, max-age=3600, s-maxage=3600'

type Site = { origin: string; target: HostTarget }

async function siteOf(request: FastifyRequest): Promise<Site> {
  const host = requestHost(request.headers.host)
  if (!host) return { origin: '', target: { kind: 'unknown' } }
  const target = await resolveHost(request.ctx, host)
  // A suspended shop offers search engines nothing (decision 98).
  return { origin: `${request.protocol}://${host}`, target: target.kind === 'shop' && target.shop.suspendedAt ? { kind: 'unknown' } : target }
}

function nothingHere(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'public, max-age=60').type('text/plain; charset=utf-8').send('Not found\n')
}

export default async function seoRoutes(app: FastifyInstance) {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const { origin, target } = await siteOf(request)
    if (target.kind === 'unknown') return nothingHere(reply)
    return reply.header('cache-control', ROBOTS_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(origin, target.kind === 'shop'))
  })

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const { origin, target } = await siteOf(request)
    if (target.kind !== 'shop') return nothingHere(reply)
    return reply
      .header('cache-control', SITEMAP_CACHE)
      .type('application/xml; charset=utf-8')
      .send(Readable.from(await sitemapXml(request.ctx, target.shop, origin, request.ctx.config.sitemapPageSize)))
  })

  app.get<{ Params: { page: string } }>('/sitemap-:page(^\\d{1,6}).xml', { schema: { hide: true } }, async (request, reply) => {
    const { origin, target } = await siteOf(request)
    const n = Number(request.params.page)
    const size = request.ctx.config.sitemapPageSize
    if (target.kind !== 'shop' || !(await hasSitemapPage(request.ctx, target.shop, n, size))) return nothingHere(reply)
    return reply
      .header('cache-control', SITEMAP_CACHE)
      .type('application/xml; charset=utf-8')
      .send(Readable.from(sitemapPageXml(request.ctx, target.shop, origin, n, size)))
  })

  app.get(FEED_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { origin, target } = await siteOf(request)
    if (target.kind !== 'shop') return nothingHere(reply)
    return reply
      .header('cache-control', SITEMAP_CACHE)
      .type('application/xml; charset=utf-8')
      .send(Readable.from(productFeedXml(request.ctx, target.shop, origin)))
  })
}
