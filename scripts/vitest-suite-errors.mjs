// A vitest reporter that writes, as JSON, the errors of describe blocks and files themselves: a
// failed beforeAll or afterAll. Vitest's JSON report marks such a file failed with no message, and
// on CI only the end of the output (the summary) may be seen.
import { writeFileSync } from 'node:fs';

export default class SuiteErrorsReporter {
  errors = [];

  onTestModuleEnd(testModule) {
    for (const suite of [testModule, ...testModule.children.allSuites()]) {
      for (const error of suite.errors()) {
        const where = suite.type === 'module' ? '' : ` › ${suite.fullName}`;
        this.errors.push(`${testModule.relativeModuleId}${where} (hook): ${error.message ?? error}`);
      }
    }
  }

  onTestRunEnd() {
    const path = process.env.VITEST_SUITE_ERRORS_FILE;
    if (path) writeFileSync(path, JSON.stringify(this.errors));
  }
}
