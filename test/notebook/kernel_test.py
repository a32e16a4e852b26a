"""jupyter_kernel_test (Debian's python3-jupyter-kernel-test) against benchbook's TypeScript
kernel: the Jupyter messaging protocol, message by message. Run by kernel-protocol.test.ts with
JUPYTER_PATH pointing at the kernel spec benchbook writes; the kernel starts in test/notebook.
"""
import unittest

import jupyter_kernel_test


class BenchbookTypeScriptKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "tslab"
    language_name = "typescript"
    file_extension = ".ts"

    code_hello_world = 'console.log("hello, world");'
    code_stderr = 'console.error("to stderr");'

    complete_code_samples = ["1 + 1", "const a = 1;", "function f() { return 1; }"]
    incomplete_code_samples = ["function f() {", "const xs = [1,"]

    completion_samples = [{"text": "Math.ma", "matches": {"max"}}]

    code_inspect_sample = "Math.max"

    code_display_data = [
        {"code": "import * as tslab from 'tslab';\ntslab.display.html('<b>bold</b>');", "mime": "text/html"},
        # A Vega-Lite spec as the last expression: benchbook's launcher displays it as a chart.
        {
            "code": "({ $schema: 'https://vega.github.io/schema/vega-lite/v5.json', data: { values: [{ x: 1 }] }, mark: 'point', encoding: { x: { field: 'x', type: 'quantitative' } } })",
            "mime": "image/svg+xml",
        },
    ]


if __name__ == "__main__":
    unittest.main()
