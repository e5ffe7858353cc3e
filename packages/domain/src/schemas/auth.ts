/** Answers of the login calls and of the calling user (docs/product.md §7). */
import { type Static, Type } from 'typebox'
import { IsoDate } from './wire'

/** `GET`/`PATCH /api/user/`; registered once as `User`, so routes answer `{$ref: 'User#'}`. */
export const UserResponse = Type.Object(
  {
    _id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    phone: Type.String(),
    createdAt: IsoDate,
  },
  { $id: 'User' },
)
export type User = Static<typeof UserResponse>

/** `POST /api/token/`. */
export const TokenDataResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
})
export type TokenData = Static<typeof TokenDataResponse>

/** `GET /api/request-login`: the platform's login page for this site. */
export const LoginUrlResponse = Type.Object({ loginUrl: Type.String() })
export type LoginUrl = Static<typeof LoginUrlResponse>

/** `POST /api/login-codes`: a one-time code for another origin of the platform. */
export const LoginCodeResponse = Type.Object({ code: Type.String() })
export type LoginCode = Static<typeof LoginCodeResponse>
