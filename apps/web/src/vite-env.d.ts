/// <reference types="vite/client" />

/** The root package.json version, injected by Vite at build time. */
declare const __APP_VERSION__: string;
