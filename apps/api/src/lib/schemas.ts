/** Shared pieces of route schemas. */
const errorNames: Record<number, string> = {
  400: 'Bad request', 401: 'Not authenticated', 403: 'Forbidden', 404: 'Not found', 409: 'Conflict',
  410: 'Gone', 413: 'Too large', 422: 'Unprocessable', 429: 'Too many requests',
}

/** `{400: {$ref: 'Error#'}, …}` for the listed statuses. */
export function errorResponses(...codes: number[]) {
  return Object.fromEntries(codes.map((code) => [code, { $ref: 'Error#', description: errorNames[code] ?? 'Error' }]))
}

export const uuidParam = { type: 'string', format: 'uuid' } as const

export const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: uuidParam },
} as const
