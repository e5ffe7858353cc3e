import type { FastifyInstance } from 'fastify'

export default async function routes(app: FastifyInstance) {
  void app
}
