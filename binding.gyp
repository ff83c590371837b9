# node-gyp 12 build of the addon (`npm run build:gyp`, and the fallback that `node-gyp-build` runs on
# install when no prebuild matches). Sources, include dirs and defines come from native/sources.json,
# which CMakeLists.txt (cmake-js) reads too. gyp runs the <!(...) commands in this directory and
# splits <!@(...) output on whitespace, so paths in the JSON must not contain spaces.
#
# Flag parity with CMakeLists.txt: -std=c++17 (Node's common.gypi says -std=gnu++17, removed),
# C++ exceptions on (common.gypi says -fno-exceptions, removed), RTTI off (-fno-rtti, also node-gyp's
# default), hidden visibility, -Wall -Wextra (common.gypi's -Wno-unused-parameter removed).
{
  "targets": [
    {
      "target_name": "<!(node -p \"require('./native/sources.json').target\")",
      "sources": [
        "<!@(node -p \"require('./native/sources.json').sources.join(' ')\")"
      ],
      "include_dirs": [
        "<!@(node -p \"(require('./native/sources.json').include_dirs || []).join(' ')\")",
        "<!(node -p \"require('node-addon-api').include_dir\")"
      ],
      "defines": [
        "<!@(node -p \"(require('./native/sources.json').defines || []).join(' ')\")"
      ],
      "cflags!": ["-fno-exceptions", "-Wno-unused-parameter"],
      "cflags_cc!": ["-fno-exceptions", "-std=gnu++17", "-Wno-unused-parameter"],
      "cflags": ["-Wall", "-Wextra", "-fvisibility=hidden"],
      "cflags_cc": [
        "-std=c++17",
        "-fexceptions",
        "-fno-rtti",
        "-fvisibility-inlines-hidden"
      ],
      "xcode_settings": {
        "CLANG_CXX_LANGUAGE_STANDARD": "c++17",
        "CLANG_CXX_LIBRARY": "libc++",
        "GCC_ENABLE_CPP_EXCEPTIONS": "YES",
        "GCC_ENABLE_CPP_RTTI": "NO",
        "GCC_SYMBOLS_PRIVATE_EXTERN": "YES",
        "GCC_INLINES_ARE_PRIVATE_EXTERN": "YES",
        "WARNING_CFLAGS": ["-Wall", "-Wextra"]
      },
      "msvs_settings": {
        "VCCLCompilerTool": {
          "ExceptionHandling": 1,
          "RuntimeTypeInfo": "false",
          "AdditionalOptions": ["/std:c++17"]
        }
      },
      "conditions": [
        ["OS=='win'", { "defines": ["_HAS_EXCEPTIONS=1"] }],
        # dladdr (sim/client/log_file.cc: the directory beside the library), in libdl before glibc 2.34.
        ["OS=='linux'", { "libraries": ["-ldl"] }],
        # The vendor backend, when SOCIAL_SDK_DIR is set: scripts/vendor-sdk.cjs checks the SDK
        # directory (failing the build with a message naming what is missing) and answers the same
        # questions CMakeLists.txt asks. The library is copied next to the addon, which finds it
        # there through its rpath; prebuildify copies it on into prebuilds/.
        ["'<!(node scripts/vendor-sdk.cjs enabled)'=='1'", {
          "sources": ["<!@(node scripts/vendor-sdk.cjs sources)"],
          "defines": ["<!@(node scripts/vendor-sdk.cjs defines)"],
          "cflags_cc": ["-isystem<!(node scripts/vendor-sdk.cjs includeDir)"],
          "xcode_settings": {
            "OTHER_CPLUSPLUSFLAGS": ["-isystem<!(node scripts/vendor-sdk.cjs includeDir)"],
            "LD_RUNPATH_SEARCH_PATHS": ["@loader_path"]
          },
          "msvs_settings": {
            "VCCLCompilerTool": {
              "AdditionalIncludeDirectories": ["<!(node scripts/vendor-sdk.cjs includeDir)"]
            }
          },
          # By directory and name (-L<dir> -l<name>), not by path: see linkFlags in the script.
          "libraries": ["<!@(node scripts/vendor-sdk.cjs linkFlags)"],
          "ldflags": ["-Wl,-rpath,'$$ORIGIN'"],
          "copies": [{
            "destination": "<(PRODUCT_DIR)",
            "files": ["<!(node scripts/vendor-sdk.cjs runtime)"]
          }]
        }]
      ]
    }
  ]
}
