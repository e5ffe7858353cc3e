import { PgDialect } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type QuerySpec, parseQuery } from './feathers-query'

const spec: QuerySpec = {
  fields: {
    title: { column: sql`title`, type: 'string', sort: true, search: 'trigram' },
    'price.value': { column: sql`price_minor`, type: 'money', sort: true },
    inStock: { column: sql`in_stock`, type: 'boolean' },
    createdAt: { column: sql`created_at`, type: 'date', sort: true },
    category: { column: sql`category_ids`, type: 'uuid', arrayOf: 'uuid' },
    status: { column: sql`status`, type: 'string' },
  },
  defaultSort: { createdAt: -1 },
  tieBreaker: sql`id`,
}
const dialect = new PgDialect()
const render = (query: Record<string, unknown>) => {
  const parsed = parseQuery(spec, query)
  const where = parsed.where ? dialect.sqlToQuery(parsed.where) : null
  const order = dialect.sqlToQuery(sql.join(parsed.orderBy, sql`, `))
  return { ...parsed, whereSql: where?.sql, params: where?.params, orderSql: order.sql }
}

describe('parseQuery', () => {
  it('pages with a default limit of 20, capped at 100', () => {
    expect(render({})).toMatchObject({ limit: 20, skip: 0, whereSql: undefined })
    expect(render({ $limit: '500', $skip: '40' })).toMatchObject({ limit: 100, skip: 40 })
  })

  it('sorts by nested whitelisted fields and always adds a tie-breaker', () => {
    expect(render({ $sort: { 'price.value': '1' } }).orderSql).toBe('price_minor asc, id asc')
    expect(render({}).orderSql).toBe('created_at desc, id asc')
  })

  it('names the ordering in sortKey, the same for every query sorted alike, and null when a rank leads', () => {
    expect(parseQuery(spec, {}).sortKey).toBe('createdAt:-1')
    expect(parseQuery(spec, { $sort: { createdAt: '-1' } }).sortKey).toBe('createdAt:-1')
    expect(parseQuery(spec, { $sort: { 'price.value': 1 }, $limit: '5' }).sortKey).toBe('price.value:1')
    expect(parseQuery(spec, { inStock: 'true', $sort: { 'price.value': '-1', createdAt: '1' } }).sortKey).toBe(
      'price.value:-1,createdAt:1',
    )
    expect(parseQuery(spec, { title: { $q: 'jacket' } }).sortKey).toBeNull()
    // An explicit sort overrides the rank, so the ordering is known again.
    expect(parseQuery(spec, { title: { $q: 'jacket' }, $sort: { createdAt: -1 } }).sortKey).toBe('createdAt:-1')
  })

  it('says searchOnly when every filter is a $q search, whose statement text the values never change', () => {
    expect(parseQuery(spec, { title: { $q: 'jacket' } }).searchOnly).toBe(true)
    expect(parseQuery(spec, { title: { $q: 'jacket' }, $sort: { createdAt: -1 }, $limit: '5', $skip: '10' }).searchOnly).toBe(true)
    const a = render({ title: { $q: 'jacket' } })
    const b = render({ title: { $q: 'scarf' } })
    expect([a.whereSql, a.orderSql]).toEqual([b.whereSql, b.orderSql])
    // Several words: the text follows the number of words alone.
    const c = render({ title: { $q: 'kente scarf' } })
    const d = render({ title: { $q: 'linen, shrt' } })
    expect([c.whereSql, c.orderSql]).toEqual([d.whereSql, d.orderSql])
    expect(parseQuery(spec, {}).searchOnly).toBe(false)
    expect(parseQuery(spec, { title: { $q: 'jacket' }, inStock: 'true' }).searchOnly).toBe(false)
    expect(parseQuery(spec, { title: { $q: 'jacket', $ne: 'Old jacket' } }).searchOnly).toBe(false)
    expect(parseQuery(spec, { title: 'Kente scarf' }).searchOnly).toBe(false)
    expect(parseQuery(spec, { $or: [{ title: { $q: 'jacket' } }] }).searchOnly).toBe(false)
  })

  it('converts money from major to minor units and booleans', () => {
    const r = render({ 'price.value': { $gte: '12.5' }, inStock: 'true' })
    expect(r.whereSql).toBe('(price_minor >= $1 and in_stock = $2)')
    expect(r.params).toEqual([1250, true])
  })

  it('ranks trigram searches unless a sort is given', () => {
    const r = render({ title: { $q: ' jackt ' } })
    expect(r.whereSql).toBe('(title ilike $1 or $2 <% title)')
    expect(r.params).toEqual(['%jackt%', 'jackt'])
    expect(r.orderSql).toBe('word_similarity($1, title) desc, created_at desc, id asc')
  })

  it('escapes LIKE wildcards in searches', () => {
    expect(render({ title: { $q: '50%_' } }).params?.[0]).toBe('%50\\%\\_%')
    expect(render({ title: { $q: '%' } }).params?.[0]).toBe('%\\%%')
  })

  it('searches several words as words: any one near the title, every one in it or nearly', () => {
    const r = render({ title: { $q: ' Kente  shrt ' } })
    expect(r.whereSql).toBe(
      '((title ilike $1 or $2 <% title or title ilike $3 or $4 <% title) and (title ilike $5 or word_similarity($6, title) >= 0.38) and (title ilike $7 or word_similarity($8, title) >= 0.38))',
    )
    expect(r.params).toEqual(['%kente%', 'kente', '%shrt%', 'shrt', '%kente%', 'kente', '%shrt%', 'shrt'])
    expect(r.orderSql).toBe('(strict_word_similarity($1, title) + strict_word_similarity($2, title)) desc, word_similarity($3, title) desc, similarity($4, title) desc, created_at desc, id asc')
    // Repeated words count once, and a long text only by its first words.
    expect(render({ title: { $q: 'red red dress' } }).params?.slice(0, 4)).toEqual(['%red%', 'red', '%dress%', 'dress'])
    const long = render({ title: { $q: 'one two three four five six seven eight' } })
    expect(long.params).toHaveLength(24)
    expect(long.params).not.toContain('seven')
  })

  it('builds $or, $in and date comparisons from milliseconds', () => {
    const r = render({
      $or: [{ status: 'placed' }, { status: 'ready' }],
      createdAt: { $gte: '0' },
      category: { $in: ['7d0c8c4e-8b53-4a5e-9a39-3f1e4e1a2b3c'] },
    })
    expect(r.whereSql).toContain('created_at >= $1::timestamptz')
    expect(r.whereSql).toContain('(category_ids @> array[$2]::uuid[])')
    expect(r.whereSql).toContain('(status = $3 or status = $4)')
    expect(r.params?.[0]).toBe('1970-01-01T00:00:00.000Z')
  })

  it.each([
    [{ nope: '1' }, 'nope'],
    [{ $select: ['x'] }, '$select'],
    [{ title: { $regex: 'x' } }, 'title.$regex'],
    [{ $sort: { inStock: '1' } }, '$sort.inStock'],
    [{ $sort: { title: 'up' } }, '$sort.title'],
    [{ $limit: '-1' }, '$limit'],
    [{ $limit: 'ten' }, '$limit'],
    [{ 'price.value': 'cheap' }, 'price.value'],
    [{ inStock: 'yes' }, 'inStock'],
    [{ category: 'not-an-id' }, 'category'],
    [{ createdAt: { $gt: 'yesterday' } }, 'createdAt.$gt'],
    [{ createdAt: { $gt: '999999999999999' } }, 'createdAt.$gt'],
    [{ createdAt: { $gt: '+275760-09-13T00:00:00Z' } }, 'createdAt.$gt'],
    [{ 'price.value': { $gt: '99999999' } }, 'price.value.$gt'],
    [{ status: { $q: 'x' } }, 'status.$q'],
    [{ status: ['a', 'b'] }, 'status'],
    [{ $or: 'x' }, '$or'],
    [{ $or: [{ nope: 1 }] }, '$or.0.nope'],
    [{ "title'; drop table products; --": 'x' }, "title'; drop table products; --"],
  ])('rejects %j with a 400 naming %s', (query, path) => {
    try {
      parseQuery(spec, query)
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({ code: 400, name: 'BadRequest', errors: [{ path }] })
    }
  })
})
