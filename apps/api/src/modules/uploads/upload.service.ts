/**
 * Image uploads: staff send one file as multipart; its type is read from the bytes, sharp stores a
 * bounded original and a thumbnail, and a row in `uploads` remembers it for the shop (product images may
 * only point at those).
 */
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { BadRequest, HttpError } from '../../lib/errors'
import { storeImage } from '../../lib/images'
import type { Storage } from '../../lib/storage'
import { authorize } from '../../plugins/auth'
import { type UploadRow, insertUpload } from './upload.repository'

export type UploadDto = { _id: string; url: string; thumbnail: string; width: number; height: number }

export function uploadDto(row: UploadRow, storage: Storage): UploadDto {
  return {
    _id: row.id,
    url: storage.publicUrl(row.key),
    thumbnail: storage.publicUrl(row.thumbnailKey),
    width: row.width,
    height: row.height,
  }
}

/** @fastify/multipart's own errors carry a 4xx status; busboy's parse errors carry none but are the client's. */
function multipartError(error: unknown): unknown {
  if (error instanceof HttpError || (error as { statusCode?: number })?.statusCode) return error
  return BadRequest('The request is not a valid multipart body')
}

async function readOneFile(request: FastifyRequest): Promise<Buffer> {
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
}

export async function uploadImage(request: FastifyRequest, shopId: string): Promise<UploadDto> {
  await authorize(request, shopId, 'catalog.edit')
  const buffer = await readOneFile(request)
  if (buffer.length === 0) throw BadRequest('Invalid body: file is empty', [{ path: 'file', message: 'is empty' }])
  const image = await storeImage(request.server.storage, buffer, request.server.imageLimiter)
  const row = await insertUpload(request.server.db, {
    shopId,
    key: image.key,
    thumbnailKey: image.thumbnailKey,
    contentType: image.contentType,
    size: image.size,
    width: image.width,
    height: image.height,
    createdBy: request.ctx.actor.user?.id ?? null,
  })
  return uploadDto(row, request.server.storage)
}
