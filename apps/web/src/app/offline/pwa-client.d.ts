// Types of vite-plugin-pwa's virtual modules (`virtual:pwa-register`), used by ./offline-shell.tsx.
/// <reference types="vite-plugin-pwa/client" />
