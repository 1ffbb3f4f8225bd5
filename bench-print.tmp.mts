import { emitClient } from './generator/emitters/client.js';
import { emitServer } from './generator/emitters/server.js';
import { buildServiceModel } from './generator/model/build.js';
import { loadSpecFile } from './generator/model/load.js';
const loaded = await loadSpecFile('github', './node_modules/@octokit/openapi/generated/api.github.com.json');
const model = buildServiceModel('github', loaded.document);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let i = 0; i < 3; i++) {
let t = cpu(); const c = emitClient(model); const t1 = cpu(); const s = emitServer(model); const t2 = cpu();
console.log('client', (t1 - t).toFixed(0), 'ms; server', (t2 - t1).toFixed(0), 'ms', c.length, s.length);
}
