import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The express shell (src/server.ts) sets the security headers; Next adds none of its own.
  poweredByHeader: false,
  // `npm start` builds the panel when its sources change (src/lib/admin-build.ts); the type
  // check is `npm run typecheck`'s job (and CI's), not a minute added to every such start.
  typescript: { ignoreBuildErrors: true },
  // Turbopack's build cache (.next/cache) makes the next build of changed sources faster; a
  // fresh clone (CI=true, .ci/run) never builds again, so writing it there is only cost
  // (≈ 10 s at the end of the test run's background build; decision NEW-suite-2).
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== 'true' },
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
