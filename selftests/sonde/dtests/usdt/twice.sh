# SPDX-License-Identifier: GPL-2.0
# twice.sh: calls.py in two python3.11 processes, one after the other
# (tst.python_path_form.d).
python3.11 calls.py
python3.11 calls.py
