/**
 * `POST /api/uploads?shop=` (multipart, one image), `DELETE /api/uploads/{id}` and the stored files at
 * `/uploads/*`. The multipart
 * parser is registered here only, so no other route accepts multipart bodies.
 */
import fs from 'node:fs/promises'
import multipart, { type MultipartFile } from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { UploadResponse } from '@shop/domain/schemas/uploads'
import { IdParams, Uuid, errorResponses } from '@shop/domain/schemas/wire'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { BadRequest, HttpError, NotFound } from '../../lib/errors'
import { CACHE_FOREVER, UPLOADS_PREFIX } from '../../lib/storage'
import { type UploadSource, deleteUpload, uploadImage } from './upload.service'

/** @fastify/multipart's own errors carry a 4xx status; busboy's parse errors carry none but are the client's. */
function multipartError(error: unknown): unknown {
  if (error instanceof HttpError || (error as { statusCode?: number } | null | undefined)?.statusCode) return error
  return BadRequest('The request is not a valid multipart body')
}

/** The body's one file, read when the service asks for it (after it has checked the caller). */
function multipartFile(request: FastifyRequest): UploadSource {
  return {
    async read() {
      let file: MultipartFile | undefined
      try {
        file = await request.file()
      } catch (error) {
        throw multipartError(error)
      }
      if (!file) throw BadRequest('Invalid body: file is required', [{ path: 'file', message: 'is required' }])
      try {
        return await file.toBuffer()
      } catch (error) {
        throw multipartError(error)
      }
    },
  }
}

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  await app.register(multipart, {
    limits: { fileSize: app.config.uploadLimit, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
  })

  app.post(
    '/api/uploads',
    {
      schema: {
        tags: ['uploads'],
        operationId: 'uploadImage',
        summary: `Upload one image (multipart, at most ${app.config.uploadLimit / 1024 / 1024} MB; JPEG, PNG, WebP or AVIF) (catalog.edit)`,
        consumes: ['multipart/form-data'],
        // Read by multipartFile (one file part), so described for the document only (plugins/openapi.ts).
        documentedBody: Type.Object(
          { file: Type.String({ format: 'binary', description: 'the image: JPEG, PNG, WebP or AVIF' }) },
          { additionalProperties: false },
        ),
        querystring: Type.Object({ shop: Uuid }, { additionalProperties: false }),
        // 409: the shop's picture storage is full; 429: too many uploads by this account in this shop.
        response: { 201: UploadResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await uploadImage(request.ctx, { shopId: request.query.shop, file: multipartFile(request) })),
  )

  app.delete(
    '/api/uploads/:id',
    {
      schema: {
        tags: ['uploads'],
        operationId: 'deleteUpload',
        summary: 'Delete an image no product or logo shows, with all its sizes (catalog.edit); answers the deleted upload',
        params: IdParams,
        response: { 200: UploadResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => deleteUpload(request.ctx, request.params.id),
  )

  // Keys are content hashes, so a URL always names the same bytes and can be cached for good.
  const root = app.storage.root
  if (root === null) {
    // Files live in a bucket: a `/uploads/` URL saved before the move points at the same key there.
    app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      const key = app.storage.keyOf(request.url.split('?')[0]!)
      if (key === null) throw NotFound('No such file')
      return reply.header('Cache-Control', CACHE_FOREVER).redirect(app.storage.publicUrl(key), 301)
    })
    return
  }
  await fs.mkdir(root, { recursive: true })
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: 31_536_000_000,
    immutable: true,
    setHeaders: (reply) => {
      reply.header('X-Content-Type-Options', 'nosniff')
    },
  })
}
