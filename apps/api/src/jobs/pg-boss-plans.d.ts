// pg-boss builds its SQL in a module it does not declare types for; connection.ts reads two
// statements from it to recognise them.
declare module 'pg-boss/src/plans.js' {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
