// Preloaded into the API child (`--import`) when BENCH_CPU_PROFILE names a file: samples the
// whole process with the inspector's profiler and writes a .cpuprofile when the child is told to
// stop. `node --cpu-prof` cannot be used there: Nest's shutdown hooks re-raise SIGTERM after
// closing, so the process ends by the signal and --cpu-prof never writes its file.
import process from 'node:process';
import console from 'node:console';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const file = process.env.BENCH_CPU_PROFILE;
if (file) {
  const session = new Session();
  session.connect();
  // Same-thread inspector sessions answer synchronously, so the file is written inside the
  // signal listener, before Nest's own listener closes the app.
  session.post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_CPU_PROFILE_INTERVAL_US ?? 200) });
  session.post('Profiler.enable');
  session.post('Profiler.start');
  const write = () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) console.error(`cpu profile: ${error.message}`);
      else writeFileSync(file, JSON.stringify(result.profile));
    });
  };
  process.once('SIGTERM', write);
}
