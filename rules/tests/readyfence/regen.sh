#!/bin/sh
# Rewrites the records, the expected documents and the README's table from check/cases.py.
cd "$(dirname "$0")" && python3 check/cases.py . && sed -i '/^## Cases$/,$d' README.md && { echo '## Cases'; echo; python3 check/cases.py --table; } >> README.md
