import { redirect } from 'react-router'

/** `/admin/` opens the first tab, which every staff role sees. */
export function clientLoader() {
  return redirect('/admin/overview')
}

export default function AdminIndex() {
  return null
}
