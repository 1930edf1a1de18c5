import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { localeSections } from "./locales/sections";

const apiPort = process.env.API_PORT ?? "3000";

export default defineConfig({
  plugins: [localeSections(), react()],
  build: {
    outDir: "dist",
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Vendors split by what each screen needs: the sign-in screen must not pay for the admin shell.
        advancedChunks: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: "refine-core", test: /node_modules[\\/](@refinedev[\\/]core|@tanstack)[\\/]/ },
            { name: "i18n", test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
});
