import type { FastifyInstance } from 'fastify'

export default async function web(app: FastifyInstance, options: { buildDir: string }) {
  void app
  void options
}
