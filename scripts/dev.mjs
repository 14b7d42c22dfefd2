// `npm run dev`: the API with reload on :8000 and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@helder/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@helder/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
