/**
 * `POST /api/uploads?shop=` (multipart, one image) and the stored files at `/uploads/*`. The multipart
 * parser is registered here only, so no other route accepts multipart bodies.
 */
import fs from 'node:fs/promises'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { UPLOADS_PREFIX } from '../../lib/storage'
import { uploadImage } from './upload.service'

const ErrorRef = Type.Unsafe<unknown>({ $ref: 'Error#' })
const UploadResponse = Type.Object({
  _id: Type.String(),
  url: Type.String(),
  thumbnail: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
})

export default async function routes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadLimit, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
  })

  app.post<{ Querystring: { shop: string } }>(
    '/api/uploads',
    {
      schema: {
        tags: ['uploads'],
        summary: `Upload one image (multipart, at most ${app.config.uploadLimit / 1024 / 1024} MB; JPEG, PNG, WebP or AVIF) (catalog.edit)`,
        consumes: ['multipart/form-data'],
        querystring: Type.Object({ shop: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
        response: { 201: UploadResponse, 400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 404: ErrorRef },
      },
    },
    async (request, reply) => reply.code(201).send(await uploadImage(request, request.query.shop)),
  )

  // Keys are content hashes, so a URL always names the same bytes and can be cached for good.
  await fs.mkdir(app.storage.root, { recursive: true })
  await app.register(fastifyStatic, {
    root: app.storage.root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: 31_536_000_000,
    immutable: true,
    setHeaders: (reply) => reply.header('X-Content-Type-Options', 'nosniff'),
  })
}
