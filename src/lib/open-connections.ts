// Every connection of the HTTP server and the requests it carries, so that a stop ends at once
// each connection with no request in progress (idle, half-closed, upgraded) and waits only for
// the requests really being answered. Node's closeIdleConnections() and closeAllConnections()
// know only the connections its HTTP parser still owns: an upgraded socket (a WebSocket handed
// to an 'upgrade' listener) is in neither list, yet server.close() waits for it.
import type http from 'node:http'
import type { Socket } from 'node:net'

interface InFlight {
  method: string
  url: string
  since: number
}

interface Connection {
  requests: Map<http.ServerResponse, InFlight>
  upgraded?: string
}

export interface OpenConnections {
  /** Requests begun and neither answered in full nor left by their client. */
  inFlight: () => number
  /** Those requests, for the log: `POST /api/… (2.3 s)`. */
  describe: () => string[]
  /** From now on every connection ends once it carries no request; those that carry none end now. */
  drain: () => void
  /** Ends every connection, requests in progress or not. */
  destroyAll: () => void
}

const endSoon = (socket: Socket) => {
  // Our FIN after what is already written, then the descriptor closed without waiting for the
  // client's: a client that never answers must not hold server.close().
  if (socket.destroyed) return
  socket.end(() => socket.destroy())
}

export function trackConnections(server: http.Server): OpenConnections {
  const connections = new Map<Socket, Connection>()
  let draining = false

  server.on('connection', (socket: Socket) => {
    const connection: Connection = { requests: new Map() }
    connections.set(socket, connection)
    socket.once('close', () => connections.delete(socket))
    // The client sent its FIN (it closed, or its process died): with no request in progress
    // nobody will write on this socket again, and node's HTTP server (allowHalfOpen) would
    // leave an upgraded one in CLOSE-WAIT for good.
    socket.on('end', () => {
      if (connection.requests.size === 0) socket.destroy()
    })
  })

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const connection = connections.get(req.socket)
    if (!connection) return
    if (draining && !res.headersSent) res.setHeader('connection', 'close')
    connection.requests.set(res, { method: req.method ?? '?', url: req.url ?? '?', since: Date.now() })
    const done = () => {
      if (!connection.requests.delete(res) || connection.requests.size > 0) return
      if (draining || req.socket.readableEnded) endSoon(req.socket)
    }
    res.once('finish', done)
    res.once('close', done)
  })

  // Registered before anyone else's 'upgrade' listener: the socket leaves the HTTP parser here.
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket) => {
    const connection = connections.get(socket)
    if (connection) connection.upgraded = `${req.method} ${req.url}`
    if (draining) socket.destroy()
  })

  return {
    inFlight: () => [...connections.values()].reduce((sum, connection) => sum + connection.requests.size, 0),
    describe: () => {
      const now = Date.now()
      const requests = [...connections.values()].flatMap((connection) => [...connection.requests.values()])
      return requests.map(({ method, url, since }) => `${method} ${url} (${((now - since) / 1000).toFixed(1)} s)`)
    },
    drain: () => {
      draining = true
      for (const [socket, connection] of connections) {
        if (connection.requests.size === 0) socket.destroy()
        else for (const res of connection.requests.keys()) if (!res.headersSent) res.setHeader('connection', 'close')
      }
    },
    destroyAll: () => {
      for (const socket of connections.keys()) socket.destroy()
    },
  }
}
