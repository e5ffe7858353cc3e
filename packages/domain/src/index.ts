export * from './money'
export * from './roles'
export * from './shop'
export * from './account'
