// Temporary (not committed): my own port so the lead's runs on 4173 are undisturbed.
import base from './playwright.config.mjs';
const PORT = 4183;
export default {
  ...base,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}/` },
  webServer: { command: `python3 -m http.server ${PORT} --bind 127.0.0.1 --directory dist`, url: `http://127.0.0.1:${PORT}/`, reuseExistingServer: false, timeout: 20000, stderr: 'ignore' },
};
