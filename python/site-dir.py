"""Print the directory where `make install` puts the package g2048 for
PREFIX (argv[1]): the interpreter's own site directory of that prefix.
Debian's interpreter looks in /usr/lib/python3/dist-packages (its
packages') and /usr/local/lib/python3.X/dist-packages (the local
admin's); any other prefix gets the plain posix_prefix layout
(PREFIX/lib/python3.X/site-packages), which PYTHONPATH must then name."""

import sys
import sysconfig

prefix = sys.argv[1].rstrip("/") or "/"
base = {"base": prefix, "platbase": prefix}
schemes = sysconfig.get_scheme_names()
if prefix == "/usr" and "deb_system" in schemes:
    print(sysconfig.get_path("platlib", "deb_system", base))
elif prefix == "/usr/local" and "posix_local" in schemes:
    print(sysconfig.get_path("platlib", "posix_local",
                             {"base": "/usr", "platbase": "/usr"}))
else:
    print(sysconfig.get_path("platlib", "posix_prefix", base))
