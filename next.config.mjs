import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The express shell (src/server.ts) sets the security headers; Next adds none of its own.
  poweredByHeader: false,
  // `npm start` builds the panel when its sources change (src/lib/admin-build.ts); the type
  // check is `npm run typecheck`'s job (and CI's), not a minute added to every such start.
  typescript: { ignoreBuildErrors: true },
  webpack: (webpackConfig) => {
    webpackConfig.resolve.extensionAlias = {
      '.cjs': ['.cts', '.cjs'],
      '.js': ['.ts', '.tsx', '.js', '.jsx'],
      '.mjs': ['.mts', '.mjs'],
    }
    return webpackConfig
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
