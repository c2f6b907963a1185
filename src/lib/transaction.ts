// One use case, one transaction: every Local API call inside `fn` must pass the same `req`
// so it joins the transaction; a thrown error rolls all of it back (audit entry included).
import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

export async function inTransaction<T>(req: PayloadRequest, fn: () => Promise<T>): Promise<T> {
  const startedHere = await initTransaction(req)
  try {
    const result = await fn()
    if (startedHere) await commitTransaction(req)
    return result
  } catch (error) {
    if (startedHere) await killTransaction(req)
    throw error
  }
}
